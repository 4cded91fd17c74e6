import { atom } from 'jotai'
import { STORAGE_KEYS, store } from '../lib/storage.ts'
import { clampVolume } from '../lib/volume.ts'

/** The notification sound's volume (0 to 1), kept in local storage. */
const volumeBase = atom(clampVolume(store.getItem(STORAGE_KEYS.volume) ?? 1))
export const volumeAtom = atom(
  (get) => get(volumeBase),
  (_get, set, value: number) => {
    const v = clampVolume(value)
    store.setItem(STORAGE_KEYS.volume, String(v))
    set(volumeBase, v)
  },
)
