/** What stops a form from being sent (the server's refusal, a rule of the whole form), read out at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  );
}
