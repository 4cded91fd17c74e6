import { useCallback, useEffect, useRef, useState } from 'react'
import { AUDIO_BITS_PER_SECOND, pickRecordingType } from './audio-rules.ts'
import { recordingToMp3 } from './mp3-encoder.ts'

interface Session {
  recorder: MediaRecorder
  stream: MediaStream
  chunks: Blob[]
  startedAt: number
}

/**
 * Microphone recording (start, then cancel or finish). `finish` resolves with the recording as MP3 (encoded here,
 * `encoding` meanwhile); the caller applies the size rule. Failures (no microphone, permission refused, a recording
 * the browser cannot decode) are thrown for the caller to explain.
 */
export function useAudioRecorder() {
  const [recording, setRecording] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const [encoding, setEncoding] = useState(false)
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
    const recorder = new MediaRecorder(stream, { ...(type ? { mimeType: type } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND })
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data)
    }
    session.current = { recorder, stream, chunks, startedAt: Date.now() }
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
    // The microphone is free at once; the bar stays (busy) until the MP3 is ready.
    s.stream.getTracks().forEach((track) => track.stop())
    const mime = (s.recorder.mimeType || s.chunks[0]?.type || 'audio/webm').split(';')[0]
    const name = `audio-${Date.now()}.mp3`
    if (mime === 'audio/mpeg') {
      release()
      return new File(s.chunks, name, { type: mime })
    }
    setEncoding(true)
    try {
      return await recordingToMp3(new Blob(s.chunks, { type: mime }), name)
    } finally {
      setEncoding(false)
      release()
    }
  }, [release])

  const cancel = useCallback(() => {
    const s = session.current
    if (s && s.recorder.state !== 'inactive') s.recorder.stop()
    release()
  }, [release])

  return { recording, seconds, encoding, start, finish, cancel }
}
