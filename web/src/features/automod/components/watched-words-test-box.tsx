import type { WatchedWord } from '@quorum/shared/entities/automod';
import { compileWatchedWords } from '@quorum/shared/watched-words';
import { useId, useMemo, useState } from 'react';
import { sampleOutcomes } from '../sample-verdict.ts';

/**
 * A sample text screened live by the list being edited, saved or not: it says which rules the
 * text would trigger, as the server would apply them.
 */
export function WatchedWordsTestBox({ words }: { words: readonly WatchedWord[] }) {
  const [sample, setSample] = useState('');
  const [writtenByMod, setWrittenByMod] = useState(false);
  const id = useId();
  const compiled = useMemo(() => compileWatchedWords(words), [words]);
  const outcomes = sample.trim() === '' ? null : sampleOutcomes([compiled], sample, writtenByMod);

  return (
    <section className="card automod-test" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="automod-section__title">
        Test the list
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sample`}>
          Try a sample text
        </label>
        <div className="field__box">
          <textarea
            id={`${id}-sample`}
            className="field__input field__textarea"
            value={sample}
            onChange={(event) => setSample(event.target.value)}
            rows={3}
            aria-describedby={`${id}-result`}
          />
        </div>
      </div>
      <label className="checkbox-row">
        <input type="checkbox" checked={writtenByMod} onChange={(event) => setWrittenByMod(event.target.checked)} />
        Written by a moderator
      </label>
      <div id={`${id}-result`} className="automod-test__result" aria-live="polite">
        {outcomes === null ? (
          <p className="automod-test__none">Type a post or comment to see what the list does to it, before you save.</p>
        ) : outcomes.length === 0 ? (
          <p className="automod-test__none">No rule matches.</p>
        ) : (
          <ul className="automod-test__outcomes" aria-label="Rules triggered">
            {outcomes.map((outcome) => (
              <li key={outcome.kind} className={`automod-test__outcome automod-test__outcome--${outcome.kind}`}>
                <span className="automod-test__summary">{outcome.summary}</span>
                {outcome.detail && <span className="automod-test__detail">{outcome.detail}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
