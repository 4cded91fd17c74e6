export interface FileOption {
  id: number
  fileListId: number
  name: string
  path: string | null
  fileName: string | null
  mediaType: string | null
}

export interface FileList {
  id: number
  companyId: number
  name: string
  message: string
  options: FileOption[]
}
