import { useCallback, useState } from 'react'
import { readSignOption, SIGNATURE_KEY } from './signature.ts'

// Private browsing modes can throw on storage access: the option then simply lasts for the page's life.
function readStored(): string | null {
  try {
    return localStorage.getItem(SIGNATURE_KEY)
  } catch {
    return null
  }
}

/** The "sign my messages" option, default on, remembered in local storage. */
export function useSignature(): [boolean, (signed: boolean) => void] {
  const [signed, setSigned] = useState(() => readSignOption(readStored()))
  const change = useCallback((next: boolean) => {
    setSigned(next)
    try {
      localStorage.setItem(SIGNATURE_KEY, String(next))
    } catch {
      // kept in memory only
    }
  }, [])
  return [signed, change]
}
