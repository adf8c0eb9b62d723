import type { Answer } from './api';

/** The request a panel made, its status and latency: what a developer would write themselves. */
export function RequestLine({ answer }: { answer: Answer<unknown> | null }) {
  if (!answer) return null;
  return (
    <p class="request" data-testid="request-line">
      <code>{answer.request}</code>{' '}
      <span class={answer.ok ? 'status ok' : 'status bad'}>{answer.status}</span> in <span class="latency">{answer.ms} ms</span>
      {answer.error ? <span class="error-text"> · {answer.error}</span> : null}
    </p>
  );
}
