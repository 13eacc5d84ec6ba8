// The browser tests' mail server (plain JavaScript, as Playwright starts it with node): a real SMTP server on loopback to which the main test server
// sends its mail (SMTP_URL), writing each message it receives as an .eml file in E2E_MAIL_DIR,
// where the tests read it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const folder = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (!folder || !port) throw new Error('E2E_MAIL_DIR and E2E_SMTP_PORT must be set');
mkdirSync(folder, { recursive: true });

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      writeFileSync(join(folder, `${Date.now()}-${received}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
