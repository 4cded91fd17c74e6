import { useState } from 'react'
import { api } from '../../api/api.ts'

export interface Upload {
  /** The share sent (0..1) while an upload runs, else null. */
  progress: number | null
  /** POSTs the form, following its progress; the answer is the server's. */
  send: <T>(path: string, form: FormData) => Promise<T>
}

/** An upload with progress, for a MediaUploadField or any form that posts files. */
export function useUpload(): Upload {
  const [progress, setProgress] = useState<number | null>(null)
  async function send<T>(path: string, form: FormData): Promise<T> {
    setProgress(0)
    try {
      return await api.post<T>(path, form, { onUploadProgress: setProgress })
    } finally {
      setProgress(null)
    }
  }
  return { progress, send }
}
