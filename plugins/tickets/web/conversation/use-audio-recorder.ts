import { useCallback, useEffect, useRef, useState } from 'react'
import { AUDIO_BITS_PER_SECOND, pickRecordingType } from './audio-rules.ts'

interface Session {
  recorder: MediaRecorder
  stream: MediaStream
  chunks: Blob[]
  ext: string
  startedAt: number
}

/**
 * Microphone recording (start, then cancel or finish). `finish` resolves with the recorded file; the caller applies
 * the size rule. Failures (no microphone, permission refused) are thrown for the common error handler.
 */
export function useAudioRecorder() {
  const [recording, setRecording] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const session = useRef<Session | null>(null)

  const release = useCallback(() => {
    session.current?.stream.getTracks().forEach((track) => track.stop())
    session.current = null
    setRecording(false)
    setSeconds(0)
  }, [])

  useEffect(() => {
    if (!recording) return
    const timer = setInterval(() => setSeconds((Date.now() - (session.current?.startedAt ?? Date.now())) / 1000), 500)
    return () => clearInterval(timer)
  }, [recording])

  // Leaving the conversation while recording must free the microphone.
  useEffect(() => () => {
    const s = session.current
    if (s && s.recorder.state !== 'inactive') s.recorder.stop()
    s?.stream.getTracks().forEach((track) => track.stop())
  }, [])

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new Error('MediaRecorder is not available in this browser')
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    const type = pickRecordingType((mime) => MediaRecorder.isTypeSupported(mime))
    const recorder = new MediaRecorder(stream, { ...(type ? { mimeType: type.mime } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND })
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data)
    }
    session.current = { recorder, stream, chunks, ext: type?.ext ?? 'webm', startedAt: Date.now() }
    recorder.start()
    setRecording(true)
  }, [])

  const finish = useCallback(async (): Promise<File | null> => {
    const s = session.current
    if (!s) return null
    if (s.recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        s.recorder.onstop = () => resolve()
        s.recorder.stop()
      })
    }
    release()
    const mime = s.recorder.mimeType || s.chunks[0]?.type || 'audio/webm'
    return new File(s.chunks, `audio-${Date.now()}.${s.ext}`, { type: mime.split(';')[0] })
  }, [release])

  const cancel = useCallback(() => {
    const s = session.current
    if (s && s.recorder.state !== 'inactive') s.recorder.stop()
    release()
  }, [release])

  return { recording, seconds, start, finish, cancel }
}
