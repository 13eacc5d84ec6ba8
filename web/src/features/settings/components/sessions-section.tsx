import { ApiError } from '@quorum/client/api-error';
import type { Session } from '@quorum/shared/entities/sessions';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { useEndOtherSessions, useEndSession } from '../api/end-sessions.ts';
import { sessionsOptions } from '../api/get-sessions.ts';
import './device-list.css';
import './sessions-section.css';

interface SessionRowProps {
  session: Session;
  ending: boolean;
  onEnd: () => void;
}

function SessionRow({ session, ending, onEnd }: SessionRowProps) {
  const deviceId = useId();
  return (
    <li className="device-row">
      <div className="device-row__main">
        <p className="device-row__name">
          <span id={deviceId}>{session.device}</span>
          {session.current && <span className="device-row__badge">This device</span>}
        </p>
        {session.userAgent && <p className="session-row__agent">{session.userAgent}</p>}
        <p className="device-row__times">
          Signed in <TimeAgo date={session.createdAt} /> ·{' '}
          {session.current ? 'active now' : <>last active <TimeAgo date={session.lastSeenAt} /></>}
        </p>
      </div>
      {!session.current && (
        <div className="device-row__actions">
          <button type="button" className="button button--small" onClick={onEnd} disabled={ending} aria-busy={ending} aria-describedby={deviceId}>
            {ending ? 'Logging out…' : 'Log out'}
          </button>
        </div>
      )}
    </li>
  );
}

/** Two rows of grey lines, of the rows' size, while the list loads. */
function SessionsSkeleton() {
  return (
    <div className="device-list" role="status" aria-label="Loading sessions">
      {[0, 1].map((row) => (
        <div key={row} className="device-row">
          <div className="device-row__main">
            <Skeleton width="45%" height={22} />
            <Skeleton width="90%" height={16} />
            <Skeleton width="60%" height={18} />
          </div>
        </div>
      ))}
    </div>
  );
}

const othersText = (others: number) =>
  others === 1
    ? 'The other browser or app where you are logged in is logged out, and stops getting notifications.'
    : `The ${others} other browsers and apps where you are logged in are logged out, and stop getting notifications.`;

const endedText = (ended: number) =>
  ended === 0 ? 'No other sessions were open.' : `Logged out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`;

/**
 * Where the member is logged in, this device first: each other session can be logged out, or all
 * of them at once. This device's own session ends with Logout, not here.
 */
export function SessionsSection() {
  const alerts = useAlerts();
  const query = useQuery(sessionsOptions());
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  // How many other sessions the confirmation speaks of: those listed when it opened.
  const [confirming, setConfirming] = useState<number | null>(null);
  const sessions = query.data;
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  // The button pressed leaves with its row (or the list of others): the focus goes back to the
  // section's title. After the render, once the dialog has closed, as focus cannot leave an open one.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) titleRef.current?.focus();
  }, [focusRequests]);
  const focusTitle = () => setFocusRequests((count) => count + 1);

  const end = (session: Session) =>
    endOne.mutate(
      { id: session.id },
      {
        onSuccess: focusTitle,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) focusTitle();
        },
      },
    );

  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        alerts.show(endedText(ended));
        focusTitle();
      },
      onSettled: () => setConfirming(null),
    });

  return (
    <section className="card settings-section" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions" ref={titleRef} tabIndex={-1} className="settings-section__title">
        Sessions
      </h2>
      <p className="settings-section__note">Where you are logged in. If you don't recognise a session, log it out and change your password.</p>
      {sessions ? (
        <ul className="device-list" aria-label="Sessions">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables.id === session.id}
              onEnd={() => end(session)}
            />
          ))}
        </ul>
      ) : isUnavailableOffline(query) ? (
        <p className="device-list__status muted">Your sessions will load when you're back online.</p>
      ) : query.isError ? (
        <LoadFailed query={query} variant="compact" className="device-list__status" />
      ) : (
        <SessionsSkeleton />
      )}
      <div className="settings-section__actions device-list__actions">
        {sessions && others === 0 ? (
          <p className="muted">You are logged in on this device only.</p>
        ) : (
          <button type="button" className="button" disabled={!sessions || endOthers.isPending} onClick={() => setConfirming(others)}>
            Log out of all other sessions
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Log out of all other sessions?"
        description={`${othersText(confirming ?? others)} This device stays logged in.`}
        confirmLabel="Log out of all"
        busy={endOthers.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirmEndOthers}
      />
    </section>
  );
}
