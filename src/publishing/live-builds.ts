/**
 * /publisering's only script: the builds' progress as the builder pushes it (Server-Sent
 * Events from /publisering/hendelser), into each brand's progress bar and its words, and a
 * brand's panel read anew when its state changes (a build queued, live or failed). Phase
 * changes and outcomes are announced in the page's status region; the words beside the bar
 * change every second and so are not read out on their own. Without this script the page
 * still works: every action is a form, and a reload shows the state.
 */

interface Progress {
  brand: string;
  phase: string;
  done: boolean;
  fraction: number | null;
  words: string;
}

interface StateChange {
  brand: string;
  state: string;
}

const announcer = document.getElementById('kunngjoring');
const phases = new Map<string, string>();

function announce(text: string): void {
  if (!announcer) return;
  // A new node is read out even when the text equals the last one.
  announcer.replaceChildren(document.createTextNode(text));
}

function brandName(brand: string): string {
  return document.getElementById(`merke-${brand}-tittel`)?.textContent?.trim() ?? brand;
}

async function refreshPanel(brand: string): Promise<void> {
  const panel = document.getElementById(`merke-${brand}`);
  if (!panel) return;
  const response = await fetch(`/publisering/merker/${encodeURIComponent(brand)}`, {
    headers: { Accept: 'text/html' },
  });
  if (!response.ok) return;
  const focused = document.activeElement;
  const action = panel.contains(focused) ? focused?.closest('form')?.getAttribute('action') : null;
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  const next = template.content.firstElementChild;
  if (!next) return;
  panel.replaceWith(next);
  // Keep the keyboard where it was: on the same form's button in the new panel.
  if (action) next.querySelector<HTMLElement>(`form[action="${action}"] button`)?.focus();
}

function showProgress(progress: Progress): void {
  const block = document.querySelector(`[data-progress="${progress.brand}"]`);
  if (!block) {
    void refreshPanel(progress.brand);
    return;
  }
  const bar = block.querySelector('progress');
  // By time, as the page renders it (builder/publishing/views/brand.ts); none while unknown.
  if (bar && progress.fraction !== null) {
    bar.max = 100;
    bar.value = Math.round(progress.fraction * 100);
  } else if (bar) {
    bar.removeAttribute('value');
  }
  const words = block.querySelector<HTMLElement>('[data-progress-words]');
  if (words) {
    words.textContent = progress.words;
    words.dataset['phase'] = progress.phase;
  }
  if (phases.get(progress.brand) !== progress.phase) {
    phases.set(progress.brand, progress.phase);
    announce(`${brandName(progress.brand)}: ${progress.words}`);
  }
}

function showState({ brand, state }: StateChange): void {
  const panel = document.getElementById(`merke-${brand}`);
  if (panel?.dataset['state'] === state) return;
  void refreshPanel(brand).then(() => {
    if (state === 'live') announce(`${brandName(brand)}: den nye utgaven er live.`);
    if (state === 'failed')
      announce(`${brandName(brand)}: bygget feilet. Se grunnen i listen over bygg.`);
  });
}

interface PreviewChange {
  brand: string;
  campaignId: number;
  state: string;
  reason: string | null;
}

/** A campaign preview's new state: its block read anew, and its outcome announced. */
async function showPreview({ brand, campaignId, state, reason }: PreviewChange): Promise<void> {
  const id = `forhandsvisning-${String(campaignId)}-${brand}`;
  const block = document.getElementById(id);
  if (!block) return;
  const response = await fetch(
    `/publisering/kampanjer/${String(campaignId)}/forhandsvisning/${encodeURIComponent(brand)}`,
    { headers: { Accept: 'text/html' } },
  );
  if (!response.ok) return;
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  const next = template.content.firstElementChild;
  if (!next) return;
  const focused = block.contains(document.activeElement);
  block.replaceWith(next);
  if (focused) next.querySelector<HTMLElement>('button')?.focus();
  if (state === 'ready') announce(`Forhåndsvisningen av ${brandName(brand)} er klar.`);
  if (reason) announce(reason);
}

const events = new EventSource('/publisering/hendelser');
events.addEventListener('preview', (event) => {
  void showPreview(JSON.parse((event as MessageEvent<string>).data) as PreviewChange);
});
events.addEventListener('progress', (event) => {
  showProgress(JSON.parse((event as MessageEvent<string>).data) as Progress);
});
events.addEventListener('state', (event) => {
  showState(JSON.parse((event as MessageEvent<string>).data) as StateChange);
});
