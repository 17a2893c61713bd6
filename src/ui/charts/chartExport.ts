/*
 * Charts as files. A chart (recharts' or our own) is an SVG element whose look comes partly from CSS: the copy
 * gets the computed styles that matter written onto every element, explicit size, the namespaces
 * and the page's background, so it looks the same in any viewer. PNG draws that SVG into a canvas
 * at twice the resolution or more. A view drawn on a canvas exports its pixels; as SVG, it is that
 * picture embedded in an SVG file (no vectors to give).
 */

const SVG_NS = 'http://www.w3.org/2000/svg'
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'
const XLINK_NS = 'http://www.w3.org/1999/xlink'

/** The computed properties copied onto each element of the copy. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
] as const

/** A chart ready to save: the SVG text and its size in CSS pixels. */
export interface SerialisedSvg {
  text: string
  width: number
  height: number
}

/** The pixels per CSS pixel of an exported PNG: the screen's, and never under 2. */
export function exportScale(): number {
  return Math.max(2, window.devicePixelRatio || 1)
}

/**
 * A standalone copy of an SVG element as text: computed styles inlined, xmlns, explicit width,
 * height and viewBox, and a background rectangle (`background`, else the nearest ancestor's).
 */
export function serialiseSvg(svg: SVGSVGElement, background = backgroundOf(svg)): SerialisedSvg {
  // Our own charts put their HTML legend below the SVG: the file covers the whole frame.
  const rect = (svg.closest('.chart-frame') ?? svg).getBoundingClientRect()
  const width = Math.max(1, Math.round(rect.width))
  const height = Math.max(1, Math.round(rect.height))
  const copy = styledCopy(svg)
  // The page sizes the chart by CSS (100% of its box); the file says its size in pixels.
  copy.style.removeProperty('width')
  copy.style.removeProperty('height')
  if (!copy.hasAttribute('xmlns')) copy.setAttributeNS(XMLNS_NS, 'xmlns', SVG_NS)
  if (!copy.hasAttribute('xmlns:xlink')) copy.setAttributeNS(XMLNS_NS, 'xmlns:xlink', XLINK_NS)
  copy.setAttribute('width', String(width))
  copy.setAttribute('height', String(height))
  if (!copy.hasAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${width} ${height}`)
  for (const entry of legendEntries(svg, rect)) copy.appendChild(entry)
  const backdrop = document.createElementNS(SVG_NS, 'rect')
  backdrop.setAttribute('width', '100%')
  backdrop.setAttribute('height', '100%')
  backdrop.setAttribute('fill', background)
  copy.insertBefore(backdrop, copy.firstChild)
  return { text: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`, width, height }
}

/** A deep copy of an SVG element with every element's computed styles written onto it. */
function styledCopy<T extends SVGElement>(element: T): T {
  const copy = element.cloneNode(true) as T
  const originals = [element, ...element.querySelectorAll('*')]
  const copies = [copy, ...copy.querySelectorAll('*')]
  originals.forEach((original, i) => inlineStyles(original, copies[i]))
  return copy
}

function inlineStyles(original: Element, copy: Element): void {
  const computed = window.getComputedStyle(original)
  const declarations: [string, string][] = STYLE_PROPERTIES.map((property): [string, string] => [property, computed.getPropertyValue(property)]).filter(([, value]) => value !== '')
  // Hidden parts stay hidden (a copy has no style sheet to hide them).
  if (computed.display === 'none') declarations.push(['display', 'none'])
  const own = copy.getAttribute('style')
  copy.setAttribute('style', `${declarations.map(([property, value]) => `${property}:${value}`).join(';')}${own ? `;${own}` : ''}`)
}

/**
 * A chart's legend is HTML (laid over a recharts chart, below one of our own): each entry becomes
 * its icon (a nested SVG) and its label (SVG text) at the same place, so the file keeps the legend.
 */
function legendEntries(svg: SVGSVGElement, frame: DOMRect): Element[] {
  const wrapper = svg.parentElement?.classList.contains('recharts-wrapper') ? svg.parentElement : svg.closest('.chart-frame')
  if (!wrapper) return []
  const entries: Element[] = []
  for (const item of wrapper.querySelectorAll('.recharts-legend-item, .chart-legend-item')) {
    const icon = item.querySelector('svg')
    if (icon) {
      const box = icon.getBoundingClientRect()
      const copy = styledCopy(icon)
      copy.setAttribute('x', String(box.left - frame.left))
      copy.setAttribute('y', String(box.top - frame.top))
      entries.push(copy)
    }
    const label = item.querySelector('.recharts-legend-item-text, .chart-legend-text') ?? item
    const box = label.getBoundingClientRect()
    const style = window.getComputedStyle(label)
    const text = document.createElementNS(SVG_NS, 'text')
    text.setAttribute('x', String(box.left - frame.left))
    text.setAttribute('y', String(box.top - frame.top + box.height / 2))
    text.setAttribute('dominant-baseline', 'central')
    text.setAttribute('style', `fill:${style.color};font-family:${style.fontFamily};font-size:${style.fontSize};font-weight:${style.fontWeight}`)
    text.textContent = label.textContent
    entries.push(text)
  }
  return entries
}

/** The first opaque background behind an element (the page's colours), white if none is set. */
export function backgroundOf(element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const colour = window.getComputedStyle(node).backgroundColor
    if (colour && colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour)) return colour
  }
  return '#ffffff'
}

/** Draw an SVG (as text) into a canvas `scale` times its size and encode it as PNG. */
export async function svgToPng(svg: SerialisedSvg, scale = exportScale()): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve()
      image.onerror = () => reject(new Error('the chart could not be drawn as a picture'))
      image.src = url
    })
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(svg.width * scale)
    canvas.height = Math.round(svg.height * scale)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('this browser gave no canvas to draw the picture on')
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    return await canvasToPng(canvas)
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** A canvas's pixels as PNG. */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be encoded as PNG'))), 'image/png'))
}

/**
 * A canvas-drawn view as SVG: its PNG embedded as an <image> at the canvas's CSS size, over the
 * page's background. The file holds pixels, not vectors.
 */
export async function canvasToSvg(canvas: HTMLCanvasElement): Promise<SerialisedSvg> {
  const rect = canvas.getBoundingClientRect()
  const width = Math.max(1, Math.round(rect.width))
  const height = Math.max(1, Math.round(rect.height))
  const dataUrl = await blobToDataUrl(await canvasToPng(canvas))
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${backgroundOf(canvas)}"/>` +
    `<image width="${width}" height="${height}" href="${dataUrl}" xlink:href="${dataUrl}"/></svg>`
  return { text, width, height }
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(new Error('the picture could not be read back'))
    reader.readAsDataURL(blob)
  })
}

/**
 * The chart inside `container`: a chart's own SVG (a recharts chart's or one of ours, not its
 * legend's little icons) or a canvas; the container itself when it is one.
 */
export function findChart(container: Element | null): SVGSVGElement | HTMLCanvasElement | null {
  if (!container) return null
  if (container instanceof HTMLCanvasElement || container instanceof SVGSVGElement) return container
  return container.querySelector<SVGSVGElement>('.recharts-wrapper > svg, svg.chart-svg') ?? container.querySelector('canvas')
}
