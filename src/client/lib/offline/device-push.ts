/**
 * 'Sair' (ADR 0138): the device stops receiving the person's notifications. The server forgets this
 * device's subscription while the session still allows it (a shared phone no longer rings with the
 * previous person's comunicados, absences or messages), and the browser drops the subscription — so even
 * a sign-out made offline leaves the push service answering 410 to the next send, which removes it on the
 * server. Never fails the sign-out; plain `fetch`, so the public page's 'Sair' calls it too at no weight.
 * The person turns notifications on again after signing in.
 */
export async function forgetPushOnDevice(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await fetch('/api/notificacoes/push/assinaturas', {
    method: 'DELETE',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
    credentials: 'same-origin',
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
