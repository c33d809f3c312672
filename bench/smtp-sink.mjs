// A tiny SMTP server for the benches: accepts every message (no TLS, no AUTH), keeps nothing but a
// count, the time of each acceptance and how many times each recipient was written to. The server
// under test points SMTP_URL at it and hands its mail over with nodemailer, as it would to a real relay.
import net from 'node:net';

export async function startSmtpSink() {
  const accepted = []; // performance.now() of each message accepted
  const perRecipient = new Map();
  const waiters = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let recipients = [];
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 sink.bench ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) {
            // Keep only the tail that could start the terminator.
            if (buffer.length > 8) buffer = buffer.slice(-8);
            return;
          }
          buffer = buffer.slice(end + 5);
          inData = false;
          accepted.push(performance.now());
          for (const to of recipients) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
          recipients = [];
          reply('250 2.0.0 accepted');
          for (const waiter of [...waiters])
            if (accepted.length >= waiter.count) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(accepted[waiter.count - 1]);
            }
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink.bench\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 PIPELINING');
        else if (verb === 'HELO') reply('250 sink.bench');
        else if (verb === 'MAIL') {
          recipients = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? line);
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('250 ok'); // RSET, NOOP
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => accepted.length,
    /** Resolves with the time (performance.now()) the `count`-th message was accepted. */
    reached(count) {
      if (accepted.length >= count) return Promise.resolve(accepted[count - 1]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    /** Recipients written to more than `expected` times. */
    doubled(expected) {
      return [...perRecipient].filter(([, n]) => n > expected).length;
    },
    recipients: () => perRecipient.size,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
