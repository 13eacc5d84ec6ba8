import { useAlertList } from '../../lib/alerts-context.tsx';
import { Icon } from './icon.tsx';
import './alerts.css';

/** The alerts (snacks) on screen, at the bottom. */
export function AlertViewport() {
  const { alerts, dismiss } = useAlertList();
  return (
    <div className="alerts" aria-live="polite" aria-relevant="additions text" role="status">
      {alerts.map((alert) => (
        <div key={alert.id} className="alert" data-alert-id={alert.id}>
          <span className="alert__text">{alert.text}</span>
          <button type="button" className="icon-button icon-button--small alert__close" aria-label="Dismiss" onClick={() => dismiss(alert.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
