import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { useTheme } from '../../../lib/theme.ts';
import './captcha-field.css';

// Only sites with a captcha need the widget's code.
const HCaptcha = lazyComponent(async () => (await import('@hcaptcha/react-hcaptcha')).default);

interface CaptchaFieldProps {
  siteKey: string;
  /** The token once the person passed the check; null when it expired or failed. */
  onToken: (token: string | null) => void;
  error: string | null;
}

/** The hCaptcha check of the sign-up form, in the app's theme. */
export function CaptchaField({ siteKey, onToken, error }: CaptchaFieldProps) {
  const { theme } = useTheme();
  return (
    <div className="field captcha-field" data-invalid={error ? true : undefined}>
      <div className="captcha-field__widget" data-captcha-sitekey={siteKey}>
        <Suspense fallback={null}>
          <HCaptcha
            sitekey={siteKey}
            theme={theme}
            sentry={false}
            onVerify={(token) => onToken(token)}
            onExpire={() => onToken(null)}
            onError={() => onToken(null)}
          />
        </Suspense>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
