import { TenantModel } from '@zapdesk/plugin-api'

export class FileList extends TenantModel {
  static tableName = 'fileLists'

  name!: string
  message!: string
}

export class FileOption extends TenantModel {
  static tableName = 'fileListOptions'

  fileListId!: number
  name!: string
  path!: string | null
  originalName!: string | null
  mediaType!: string | null
}
