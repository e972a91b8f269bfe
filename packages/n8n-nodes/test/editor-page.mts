/// <reference lib="dom" />
// biome-ignore-all lint/performance/useDomNodeTextContent: the test reads text as the page renders it to a user (innerText keeps line breaks between blocks and drops hidden text)
/**
 * The n8n editor as a user drives it, for the editor test: the node picker, the node panel (NDV), the credential
 * dialog and the output panel, found by n8n's own `data-test-id` attributes (those n8n's Playwright tests use).
 */
import type { ElementHandle, Page } from 'puppeteer-core'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const byTestId = (id: string) => `[data-test-id="${id}"]`
const CREDENTIAL_DIALOG = byTestId('editCredential-modal')

export class EditorPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {
    // Leaving an unsaved workflow asks "leave the page?": yes, each test starts a new one.
    page.on('dialog', (dialog) => void dialog.accept())
  }

  /** A new, empty workflow. */
  async newWorkflow(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/workflow/new`, { waitUntil: 'domcontentloaded' })
    await this.page.waitForSelector(byTestId('canvas-plus-button'), { visible: true })
  }

  /** Types into the node picker's search box (opening the picker from `opener`). */
  private async search(opener: string, text: string): Promise<void> {
    await this.page.click(opener)
    await this.page.waitForSelector(byTestId('node-creator-search-bar'), { visible: true })
    await this.page.type(byTestId('node-creator-search-bar'), text)
    await sleep(400)
  }

  async addManualTrigger(): Promise<void> {
    await this.search(byTestId('canvas-plus-button'), 'manual')
    await this.page.click(byTestId('node-creator-node-item'))
    await this.page.waitForSelector(byTestId('canvas-handle-plus'), { visible: true })
  }

  /** Opens the "Avalanche" entry of the node picker (from the canvas, or after the last node) and lists its items. */
  async openAvalancheEntry(after = false): Promise<{ description: string; items: string[] }> {
    await this.search(byTestId(after ? 'canvas-handle-plus' : 'canvas-plus-button'), 'Avalanche')
    const description = await this.text(`${byTestId('node-creator')} ${byTestId('node-creator-item-description')}`)
    await this.page.click(byTestId('node-creator-item-name'))
    await this.page.waitForSelector(byTestId('nodes-list-header'), { visible: true })
    // The list renders progressively (128 actions): read it once two reads 300 ms apart agree.
    const read = () =>
      this.page.$$eval(`${byTestId('node-creator')} ${byTestId('node-creator-item-name')}`, (els) =>
        els.map((e) => e.textContent?.trim() ?? ''),
      )
    let items: string[] = []
    for (let tries = 0; tries < 30; tries++) {
      await sleep(300)
      const next = await read()
      if (next.length === items.length && next.length > 0) break
      items = next
    }
    return { description, items }
  }

  /** Picks an item of the open Avalanche entry ("Get height (P-Chain)", "On new P-Chain block") and waits for its panel. */
  async pick(label: string): Promise<void> {
    await this.clickVisible(`${byTestId('node-creator')} ${byTestId('node-creator-item-name')}`, label)
    await this.page.waitForSelector(byTestId('node-parameters'), { visible: true })
    await sleep(500)
  }

  /** The shown value of a parameter (the option's name for an options field). */
  async value(parameter: string): Promise<string> {
    return this.page.$eval(`${byTestId(`parameter-input-${parameter}`)} input`, (e) => (e as HTMLInputElement).value)
  }

  /** The text of the node panel's parameters. */
  parametersText(): Promise<string> {
    return this.text(byTestId('node-parameters'))
  }

  async isShown(parameter: string): Promise<boolean> {
    return (await this.page.$(byTestId(`parameter-input-${parameter}`))) !== null
  }

  /** The options of an options field, each as shown: name, then description. */
  async options(parameter: string, scope = ''): Promise<string[]> {
    await this.page.click(`${scope} ${byTestId(`parameter-input-${parameter}`)} input`)
    await sleep(400)
    const texts = await this.page.$$eval('.el-select-dropdown__item', (els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => (e as HTMLElement).innerText.trim()),
    )
    await this.page.keyboard.press('Escape')
    await sleep(200)
    return texts
  }

  async select(parameter: string, option: string, scope = ''): Promise<void> {
    await this.page.click(`${scope} ${byTestId(`parameter-input-${parameter}`)} input`)
    await sleep(400)
    await this.clickVisible('.el-select-dropdown__item', option, true)
    await sleep(400)
  }

  /** Types a value into a text field and leaves it (n8n applies typed values after a short debounce). */
  async fill(parameter: string, text: string, scope = ''): Promise<void> {
    const input = `${scope} ${byTestId(`parameter-input-${parameter}`)} input`
    await this.page.click(input, { count: 3 })
    await this.page.keyboard.press('Backspace')
    await this.page.type(input, text)
    await this.page.keyboard.press('Tab')
    await sleep(600)
  }

  /** Picks an entry of a resource locator's "From List" (e.g. the Chain ID). */
  async pickFromList(parameter: string, entry: string): Promise<void> {
    await this.page.click(`${byTestId(`resource-locator-${parameter}`)} ${byTestId('rlc-input')}`)
    await this.page.waitForSelector(byTestId('rlc-item'), { visible: true })
    await this.clickVisible(byTestId('rlc-item'), entry)
    await sleep(400)
  }

  /** Clicks the node panel's credential button ("Connect to …") and waits for the credential dialog. */
  async connectCredential(): Promise<void> {
    await this.page.click(`${byTestId('node-credentials-empty-state')} button`)
    await this.page.waitForSelector(CREDENTIAL_DIALOG, { visible: true })
    await sleep(500)
  }

  /** "Create new credential" at the end of the node panel's credential list. */
  async createCredentialFromList(): Promise<void> {
    // On a busy machine the first click can land while the panel still renders: the select takes focus and its list
    // never opens (seen once in a full check). Click again until the list shows.
    const item = byTestId('node-credentials-select-item-new')
    for (let attempt = 1; ; attempt++) {
      await this.page.click(`${byTestId('node-credentials-select')} input`)
      const shown = await this.page.waitForSelector(item, { visible: true, timeout: 10_000 }).catch(() => null)
      if (shown) break
      if (attempt === 3) throw new Error('the credential list did not open after 3 clicks')
    }
    await this.page.click(item)
    await this.page.waitForSelector(CREDENTIAL_DIALOG, { visible: true })
    await sleep(500)
  }

  /** The credential dialog's type choice (the node's `authentication` options): "Node API" or "Data API". */
  credentialType(): Promise<string> {
    return this.text(byTestId('credential-mode-dropdown-trigger'))
  }

  async chooseCredentialType(name: string): Promise<void> {
    await this.page.click(byTestId('credential-mode-dropdown-trigger'))
    await sleep(400)
    const item = await this.page.evaluateHandle(
      (label) =>
        [...document.querySelectorAll('span')].find(
          (e) => e.offsetParent !== null && e.textContent?.trim() === label && /item-label/.test(e.className),
        ) ?? null,
      name,
    )
    const element = item.asElement() as ElementHandle<Element> | null
    if (!element) throw new Error(`the credential dialog offers no type "${name}"`)
    await element.click()
    await sleep(800)
  }

  /** Fields of the credential dialog. */
  credentialFields(): Promise<string[]> {
    return this.page.$$eval(`${CREDENTIAL_DIALOG} [data-test-id^="parameter-input-"]`, (els) =>
      els.map((e) => e.getAttribute('data-test-id')?.replace('parameter-input-', '') ?? ''),
    )
  }

  fillCredential(field: string, text: string): Promise<void> {
    return this.fill(field, text, CREDENTIAL_DIALOG)
  }

  selectInCredential(field: string, option: string): Promise<void> {
    return this.select(field, option, CREDENTIAL_DIALOG)
  }

  /** Saves the credential; n8n tests it and closes the dialog when the test passes. */
  async saveCredential(): Promise<void> {
    await this.page.click(byTestId('credential-save-button'))
    await this.page.waitForSelector(CREDENTIAL_DIALOG, { hidden: true, timeout: 15_000 }).catch(async () => {
      throw new Error(`the credential dialog stayed open: ${await this.text(CREDENTIAL_DIALOG)}`)
    })
    await sleep(500)
  }

  /** Whether the node panel offers to connect a credential because none of its types exists yet. */
  async hasNoCredential(): Promise<boolean> {
    return (await this.page.$(byTestId('node-credentials-empty-state'))) !== null
  }

  /** The credential selected in the node panel ("" when none is). */
  selectedCredential(): Promise<string> {
    return this.page.$eval(`${byTestId('node-credentials-select')} input`, (e) => (e as HTMLInputElement).value)
  }

  /** The credentials the node panel's list offers (both types: the node's `authentication` follows the choice). */
  async credentialOptions(): Promise<string[]> {
    await this.page.click(`${byTestId('node-credentials-select')} input`)
    await sleep(400)
    const names = await this.page.$$eval('.el-select-dropdown__item', (els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => (e as HTMLElement).innerText.trim().split('\n')[0]?.trim() ?? ''),
    )
    await this.page.keyboard.press('Escape')
    await sleep(200)
    return names
  }

  /** Selects one of the credentials in the node panel's list ("Devnet node"). */
  async selectCredential(name: string): Promise<void> {
    await this.page.click(`${byTestId('node-credentials-select')} input`)
    await sleep(400)
    await this.clickVisible('.el-select-dropdown__item', name, true)
    await sleep(800)
  }

  /**
   * Runs the node ("Execute step" / "Fetch Test Event") and reads the output panel: how many items it says, and the
   * text of its JSON view (which renders only the lines in sight: the start of the first item).
   */
  async execute(): Promise<{ count: number; json: string }> {
    await this.page.click(byTestId('node-execute-button'))
    const panel = byTestId('output-panel')
    await this.page.waitForFunction(
      (sel) => /\d+ items?\b/.test((document.querySelector(sel) as HTMLElement | null)?.innerText ?? ''),
      { timeout: 30_000 },
      panel,
    )
    const shown = await this.text(panel)
    if (/Error details|Problem in node/i.test(shown)) throw new Error(`the node failed: ${shown}`)
    await this.page.click(`${panel} ${byTestId('radio-button-json')}`)
    await this.page.waitForFunction(
      (sel) => /"\w+":/.test((document.querySelector(sel) as HTMLElement | null)?.innerText ?? ''),
      { timeout: 10_000 },
      panel,
    )
    const json = (await this.text(panel)).replace(/\u00a0/g, ' ').replace(/\s+/g, ' ')
    return { count: Number(/(\d+) items?\b/.exec(shown)?.[1]), json }
  }

  /** Runs the node expecting it to fail, and returns the error the output panel shows. */
  async executeFailing(): Promise<string> {
    await this.page.click(byTestId('node-execute-button'))
    const panel = byTestId('output-panel')
    await this.page.waitForFunction(
      (sel) =>
        /Error details|Problem in node/i.test((document.querySelector(sel) as HTMLElement | null)?.innerText ?? ''),
      { timeout: 30_000 },
      panel,
    )
    return this.text(panel)
  }

  async closePanel(): Promise<void> {
    await this.page.click(byTestId('ndv-close-button'))
    await this.page.waitForSelector(byTestId('ndv'), { hidden: true })
  }

  /** The texts of the canvas nodes (name and subtitle). */
  canvasNodes(): Promise<string[]> {
    return this.page.$$eval(byTestId('canvas-node'), (els) =>
      els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    )
  }

  private async text(selector: string): Promise<string> {
    return this.page.$eval(selector, (e) => (e as HTMLElement).innerText.trim())
  }

  /** Clicks the visible element matching `selector` whose text is `text` (or starts with it). */
  private async clickVisible(selector: string, text: string, prefix = false): Promise<void> {
    for (const element of await this.page.$$(selector)) {
      const [content, visible] = await element.evaluate((e) => [
        (e as HTMLElement).innerText?.trim() ?? '',
        (e as HTMLElement).offsetParent !== null,
      ])
      if (!visible) continue
      const first = String(content).split('\n')[0]?.trim() ?? ''
      if (content === text || first === text || (prefix && String(content).startsWith(text))) {
        await element.scrollIntoView()
        await element.click()
        return
      }
    }
    throw new Error(`no visible ${selector} reads "${text}"`)
  }
}
