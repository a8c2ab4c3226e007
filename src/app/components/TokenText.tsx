/** A completion with every token shaded by the probability it was sampled with: the less likely, the darker. */
import { tokensWithProbs } from '../rounds/tokens';

function shade(prob: number | null): string {
  if (prob === null) return 'transparent';
  return `rgba(255, 140, 0, ${(0.85 * (1 - prob)).toFixed(2)})`;
}

export function TokenText({ text, probs, testId }: { text: string; probs: readonly number[]; testId?: string }) {
  return (
    <code className="token-text" data-testid={testId}>
      {tokensWithProbs(text, probs).map(({ token, prob }, i) => (
        <span key={i} className={token.startsWith('<') && token.length > 1 ? 'tok tok-special' : 'tok'} style={{ background: shade(prob) }} title={prob === null ? token : `${token}  p = ${prob.toFixed(3)}`}>
          {token}
        </span>
      ))}
    </code>
  );
}
