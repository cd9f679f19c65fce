/**
 * `npm run bench:publishing [-- --articles N]`: what marketing waits for on /publisering. A
 * builder as `npm start` runs it (toppfart, a fresh reference database of N articles, default
 * 1,500) is started and fully built; then, signed in as the page is, with its event stream
 * open, the bench changes one stock figure and presses 'Publiser nå' twice at once (two people),
 * and prints the time from the press to the first progress event, the largest gap between
 * progress events while the build ran, the events seen, the builds the two presses made (the
 * second joins the first, builder/publishing/publish-now.ts) and the build's seconds. Targets:
 * first event < 1 s, largest gap < 2 s, one build that makes pages. Asserts nothing.
 */
import { parseArgs } from 'node:util';
import { RebuildShop } from '../tests/e2e/fixtures/rebuild.ts';

const { values } = parseArgs({ options: { articles: { type: 'string', default: '1500' } } });
const secret = RebuildShop.adminToken;

console.log(`Bygger toppfart med ${values.articles ?? ''} varer første gang ...`);
const shop = await RebuildShop.start('bench-publishing', Number(values.articles));

/** The cookies a response set, as a Cookie header adds them. */
function cookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
}

const page = `${shop.origin}/publisering`;
const form = await fetch(page);
const formToken = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
const signedIn = await fetch(`${page}/logg-inn`, {
  method: 'POST',
  redirect: 'manual',
  headers: { Cookie: cookies(form), 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ _csrf: formToken, hemmelighet: secret }).toString(),
});
const session = cookies(signedIn);
const csrf =
  /name="_csrf" value="([^"]+)"/.exec(
    await (await fetch(page, { headers: { Cookie: session } })).text(),
  )?.[1] ?? '';

// The page's event stream, read as the browser's EventSource reads it.
const stream = await fetch(`${page}/hendelser`, {
  headers: { Cookie: session, Accept: 'text/event-stream' },
});
const progressTimes: number[] = [];
const phases: string[] = [];
let pressedAt = 0;
const reader = stream.body?.pipeThrough(new TextDecoderStream()).getReader();
const done = (async () => {
  let buffer = '';
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) return;
    buffer += chunk.value;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as {
        phase?: string;
        state?: string;
      };
      if (event === 'progress' && pressedAt > 0) {
        progressTimes.push(performance.now());
        if (data.phase && phases.at(-1) !== data.phase) phases.push(data.phase);
      }
      if (event === 'state' && (data.state === 'live' || data.state === 'failed')) {
        if (shop.status().state !== 'queued') return;
      }
    }
  }
})();

shop.changeData();
const press = () =>
  fetch(`${page}/merker/toppfart/publiser`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf }).toString(),
  });
pressedAt = performance.now();
const answers = await Promise.all([press(), press()]);
await done;

const gaps = progressTimes.slice(1).map((t, i) => t - (progressTimes[i] ?? t));
const first = (progressTimes[0] ?? Number.NaN) - pressedAt;
console.log(
  `\nPubliser nå (to samtidige trykk, svar ${answers.map((a) => a.status).join(' og ')}):`,
);
console.log(`  første framdriftshendelse etter   ${first.toFixed(0)} ms   (mål < 1000 ms)`);
console.log(
  `  største opphold mellom hendelser  ${Math.max(0, ...gaps).toFixed(0)} ms   (mål < 2000 ms)`,
);
console.log(`  framdriftshendelser               ${String(progressTimes.length)}`);
console.log(`  faser                             ${phases.join(' → ')}`);
// The first press starts the build at once; the second joins it (builder/publishing/
// publish-now.ts), so the builds since the presses are one.
const since = new Date(Date.now() - (performance.now() - pressedAt)).toISOString();
const builds = shop.board
  .history(shop.brand)
  .filter((r) => (r.finishedAt ?? '') >= since)
  .reverse();
console.log(`  bygg etter de to trykkene         ${String(builds.length)}`);
for (const build of builds) {
  console.log(
    `    ${build.result.padEnd(9)} ${build.seconds?.toFixed(1) ?? '?'} s, ` +
      `${String(build.pagesRendered ?? 0)} sider laget, ${String(build.pagesReused ?? 0)} gjenbrukt`,
  );
}
await reader?.cancel();
await shop.stop();
