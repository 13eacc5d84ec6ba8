/** How a username box behaves: the browser may fill it in, but never corrects or capitalises it. */
export const usernameInputProps = { autoComplete: 'username', autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } as const;
