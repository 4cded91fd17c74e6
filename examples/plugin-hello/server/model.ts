import { TenantModel } from '@zapdesk/plugin-api'

/** A post on the company's hello board. TenantModel refuses queries that forget `.forCompany(id)`. */
export class HelloPost extends TenantModel {
  static tableName = 'helloBoardPosts'

  userId!: number | null
  author!: string
  text!: string
}
