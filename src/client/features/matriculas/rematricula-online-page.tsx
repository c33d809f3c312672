/** The online rematrícula round: who opened, signed, paid, is pending (issue 34; the anuidades part builds it). */
export function RematriculaOnlinePage() {
  return <p>Em construção.</p>;
}
