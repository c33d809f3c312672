/** The public page of annual values, contract and places (Lei 9.870 art. 2) (issue 34; the anuidades part builds it). */
export function PublicacaoMatriculasPage() {
  return <p>Em construção.</p>;
}
