/** Staff's admissions funnel: board, list, figures, a family's timeline (issue 34; the captação part builds it). */
export function FunilPage() {
  return <p>Em construção.</p>;
}
