import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { listenForNotificationClicks } from './system-notification.ts'

/** Inside the signed-in shell: a notification the service worker showed (phones) opens its ticket here. */
export function PwaBackground() {
  const navigate = useNavigate()
  useEffect(() => listenForNotificationClicks((to) => navigate(to)), [navigate])
  return null
}
