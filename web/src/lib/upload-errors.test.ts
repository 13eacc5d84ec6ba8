import { describe, expect, it } from 'vitest';
import { uploadErrorMessage } from './upload-errors.ts';

const body = (status: number, code: string, message: string) => ({ status, code, message });

describe('uploadErrorMessage', () => {
  it('says the file is too large', () => {
    expect(uploadErrorMessage(400, body(400, 'file_size_exceeded', 'x'), 'big.png')).toBe('Maximum file size exceeded.');
    expect(uploadErrorMessage(413, null, 'big.png')).toBe('Maximum file size exceeded.');
  });

  it('names a file whose type is not an image, with the name it has here', () => {
    const answer = body(400, 'unsupported-image-format', "File 'server-name.txt' is of an unsupported type.");
    expect(uploadErrorMessage(400, answer, 'notes.txt')).toBe("File 'notes.txt' is of an unsupported type.");
  });

  it('says an unreadable image is unsupported, or why', () => {
    expect(uploadErrorMessage(400, body(400, 'unsupported_image', 'Unsupported image.'), 'a.png')).toBe('Unsupported image.');
    expect(uploadErrorMessage(400, body(400, 'unsupported_image', ''), 'a.png')).toBe('Unsupported image.');
    const tooManyPixels = 'The image is too large: it may have at most 60 million pixels.';
    expect(uploadErrorMessage(400, body(400, 'unsupported_image', tooManyPixels), 'a.png')).toBe(tooManyPixels);
  });

  it('never shows the technical text of another refusal', () => {
    expect(uploadErrorMessage(400, body(400, 'bad_request', 'Multipart: Boundary not found'), 'a.png')).toBe('Unsupported image.');
    expect(uploadErrorMessage(415, body(415, 'unsupported_media_type', 'Unsupported Media Type: text/plain'), 'a.png')).toBe('Unsupported image.');
  });

  it('leaves other failures to the generic handler', () => {
    expect(uploadErrorMessage(429, body(429, 'rate_limited', 'Too many'), 'a.png')).toBeNull();
    expect(uploadErrorMessage(500, null, 'a.png')).toBeNull();
    expect(uploadErrorMessage(0, null, 'a.png')).toBeNull();
  });
});
