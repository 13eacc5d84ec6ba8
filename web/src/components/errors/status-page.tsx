import type { ReactNode } from 'react';
import { Icon, type IconName } from '../ui/icon.tsx';
import './status-page.css';

interface StatusPageProps {
  icon?: IconName;
  title: string;
  children?: ReactNode;
  /** Fills the whole viewport (outside the app shell) instead of the content column. */
  fullScreen?: boolean;
}

/** The layout of not-found, forbidden, offline and error screens. */
export function StatusPage({ icon, title, children, fullScreen }: StatusPageProps) {
  return (
    <div className={`status-page${fullScreen ? ' status-page--full' : ''}`}>
      <div className="status-page__inner">
        {icon && (
          <span className="status-page__icon">
            <Icon name={icon} size={32} />
          </span>
        )}
        <h1 className="status-page__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
