// Runs inside the app's page before the app loads (page.addInitScript({ path })). Plain browser
// JavaScript on purpose: functions serialised from TypeScript run through tsx carry esbuild's
// __name() helper, which does not exist in the page.
;(() => {
  /** Main-thread tasks over 50 ms since the page opened: [startTime, duration] in ms. */
  const longTasks = []
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push([entry.startTime, entry.duration])
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No Long Tasks API: the figure stays empty.
  }

  /** "204,288" → 204288, "34.3 s" → 34.3, "—" → null. */
  const parse = (text) => {
    if (text === undefined) return null
    const value = Number(text.replace(/,/g, '').replace(/\s*s$/, ''))
    return Number.isFinite(value) ? value : null
  }

  /** The run figures as the status bar shows them: each <dt> name with the <dd> after it; `watched` is the one named. */
  const readFigures = (watched) => {
    const byName = {}
    for (const term of document.querySelectorAll('dt')) {
      const value = term.nextElementSibling
      if (value && value.tagName === 'DD') byName[(term.textContent || '').trim()] = (value.textContent || '').trim()
    }
    return {
      steps: parse(byName['Steps']),
      episodes: parse(byName['Episodes']),
      recentReturn: parse(byName['Return (last 20)']),
      timeSeconds: parse(byName['Time']),
      watched: parse(byName[watched]),
    }
  }

  let state = null

  /**
   * Watch the status bar from now on (call it as Start is clicked) until the figure named `figure`
   * reaches `threshold`: at least it, or with `atMost` at most it, once `minEpisodes` episodes have
   * finished. A MutationObserver sees every frame React commits, so the first frame at the
   * threshold is caught however slowly we poll.
   */
  window.__benchWatch = (threshold, figure = 'Return (last 20)', atMost = false, minEpisodes = 0) => {
    state = { startedAt: performance.now(), status: '', latest: null, reached: null, clickedAt: null, pausedAt: null }
    // The page's own times of the latest click and of the first "Paused" after it: how long a pause takes inside the page.
    document.addEventListener('click', () => {
      state.clickedAt = performance.now()
      state.pausedAt = null
    }, { capture: true })
    const check = () => {
      const status = document.querySelector('[aria-label="Run status"]')
      state.status = status ? (status.textContent || '').trim() : ''
      if (state.clickedAt !== null && state.pausedAt === null && state.status.startsWith('Paused')) state.pausedAt = performance.now()
      const figures = readFigures(figure)
      state.latest = figures
      const value = figures.watched
      const enough = (figures.episodes ?? 0) >= minEpisodes
      if (state.reached === null && value !== null && enough && (atMost ? value <= threshold : value >= threshold)) state.reached = figures
    }
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true })
    check()
  }

  window.__benchRead = () => (state === null ? null : { ...state, longTasks: longTasks.slice() })
})()
