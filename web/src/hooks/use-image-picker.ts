import { useRef, type ChangeEvent } from 'react';
import { useAlerts } from '../lib/alerts-context.tsx';
import { uploadFailureMessage } from '../lib/upload-errors.ts';

type Send = (file: File, options: { onError: (error: Error) => void }) => void;

/**
 * A hidden file input for one image and what opens it. The chosen file goes to `send`; a refused
 * upload is told as an alert naming the file. The input is emptied so the same file can be chosen again.
 */
export function useImagePicker(send: Send) {
  const alerts = useAlerts();
  const inputRef = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    send(file, {
      onError: (error) => {
        const message = uploadFailureMessage(error, file.name);
        if (message) alerts.show(message);
      },
    });
  };
  return {
    choose: () => inputRef.current?.click(),
    inputProps: { ref: inputRef, type: 'file', accept: 'image/*', hidden: true, onChange } as const,
  };
}
