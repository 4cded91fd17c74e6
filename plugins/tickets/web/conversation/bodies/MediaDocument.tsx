import { useState } from 'react'
import { Button } from '@blueprintjs/core'
import { fetchBlob, toastError } from '@zapdesk/plugin-api/web'
import { fileNameOf } from '../media-kind.ts'
import { useConversationT } from '../i18n.ts'

/** A file offered for download: fetched with the session token only when clicked (a plain link could not send it). */
export function MediaDocument({ url, name }: { url: string; name?: string | null }) {
  const t = useConversationT()
  const [busy, setBusy] = useState(false)
  const fileName = fileNameOf({ mediaName: name, mediaUrl: url })

  async function download() {
    setBusy(true)
    try {
      const blob = await fetchBlob(url)
      const href = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = href
      a.download = fileName
      document.body.appendChild(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(href), 10_000)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="zd-conv-doc">
      <span className="zd-conv-doc__name" title={fileName}>{fileName}</span>
      <Button icon="download" text={t('download')} loading={busy} onClick={() => void download()} data-testid="download-media" />
    </div>
  )
}
