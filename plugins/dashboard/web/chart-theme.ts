import { useEffect, useState } from 'react'
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js'

// Only what bar charts need, so the rest of Chart.js stays out of the bundle.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip)

export interface ChartColors { bar: string; text: string; grid: string }

/** The shell's colours (CSS variables), read when drawing: a canvas cannot follow CSS by itself. */
function readColors(): ChartColors {
  const css = getComputedStyle(document.documentElement)
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
  return { bar: v('--zd-brand', '#0d7d66'), text: v('--zd-muted', '#5f6b7c'), grid: v('--zd-border', '#e2e7ec') }
}

/** The chart colours, read again whenever the shell switches between light and dark (data-theme on <html>). */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readColors)
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return colors
}
