import type { i18n as I18n } from 'i18next'

/** Blueprint's dialog and drawer close buttons, whose accessible name it hard-codes in English. */
const CLOSE_BUTTONS = '.bp6-dialog-close-button, .bp6-drawer-header .bp6-button[aria-label="Close"]'

/**
 * Gives every dialog's and drawer's close button its name in the language on screen (screen readers, tooltips),
 * whichever module opened it: Blueprint offers no prop for that label.
 */
export function translateCloseButtons(i18n: I18n, root: ParentNode & Node = document.body): () => void {
  const label = () => i18n.t('common.close')
  const name = (button: Element) => {
    if (button.getAttribute('aria-label') !== label()) button.setAttribute('aria-label', label())
  }
  const apply = (scope: ParentNode) => scope.querySelectorAll(CLOSE_BUTTONS).forEach(name)
  // Only inside what was added: a message list grows all day, and its parent is no place to search each time.
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue
        if (node.matches(CLOSE_BUTTONS)) name(node)
        else apply(node)
      }
    }
  })
  observer.observe(root, { childList: true, subtree: true })
  const onLanguage = () => apply(root)
  i18n.on('languageChanged', onLanguage)
  apply(root)
  return () => {
    observer.disconnect()
    i18n.off('languageChanged', onLanguage)
  }
}
