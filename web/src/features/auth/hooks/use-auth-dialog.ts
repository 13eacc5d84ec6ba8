import { useContext } from 'react';
import { AuthDialogContext, type AuthDialogControls } from '../components/auth-dialog-provider.tsx';

export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog needs an AuthDialogProvider.');
  return controls;
}
