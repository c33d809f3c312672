/** The family's pré-matrícula form opened from the e-mailed link (issue 34; the pré-matrícula part builds it). */
export function PreMatriculaPage() {
  return <p>Em construção.</p>;
}
