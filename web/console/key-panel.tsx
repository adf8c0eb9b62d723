import { useEffect, useState } from 'preact/hooks';
import { Answer, apiGet, setApiKey } from './api';
import { RequestLine } from './request-line';

/** Where a pasted key is kept: this browser's storage only; it is never sent anywhere but the API. */
const STORAGE_KEY = 'nyc-records-console-key';

interface Me {
  data: { mode: string; tier: string; usage?: { today: number; dailyLimit: number | null } };
}

function storedKey(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The key the console calls with: the shared public test key (from /console/config.json)
 * unless the user pastes their own. onReady fires with each key in use, after /me answered.
 */
export function KeyPanel({ publicTestKey, onReady }: { publicTestKey: string; onReady(key: string): void }) {
  const [own, setOwn] = useState<string | null>(storedKey());
  const [draft, setDraft] = useState('');
  const [me, setMe] = useState<Answer<Me> | null>(null);
  const key = own ?? publicTestKey;

  useEffect(() => {
    setApiKey(key);
    void apiGet<Me>('/api/v1/me').then((answer) => {
      setMe(answer);
      onReady(key);
    });
  }, [key]);

  const save = (event: Event) => {
    event.preventDefault();
    const value = draft.trim();
    if (!value) return;
    try {
      localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Private mode: the key lasts for this page only.
    }
    setOwn(value);
    setDraft('');
  };
  const forget = () => {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing kept
    }
    setOwn(null);
  };

  return (
    <section class="panel key-panel" aria-labelledby="key-heading">
      <h2 id="key-heading">API key</h2>
      <p data-testid="key-in-use">
        {own ? 'Using your key' : 'Using the shared public test key'} <code>{key.slice(0, 12)}…</code>
        {me?.ok ? ` · ${me.body.data.mode} mode, ${me.body.data.tier} tier` : ''}
        {me?.ok && me.body.data.usage ? ` · ${me.body.data.usage.today} ${me.body.data.usage.today === 1 ? 'call' : 'calls'} today${own ? '' : ' from this address'}` : ''}
      </p>
      {me && !me.ok ? <RequestLine answer={me} /> : null}
      <form class="inline" onSubmit={save}>
        <label for="own-key">Your key (kept in this browser only)</label>
        <input id="own-key" type="password" autocomplete="off" placeholder="ik_live_… or ik_test_…" value={draft} onInput={(event) => setDraft((event.target as HTMLInputElement).value)} />
        <button type="submit">Use this key</button>
        {own ? (
          <button type="button" onClick={forget}>
            Back to the public test key
          </button>
        ) : null}
      </form>
    </section>
  );
}
