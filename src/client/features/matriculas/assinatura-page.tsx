/** A signer's page: read the contract, get the code, sign (issue 34; the contratos part builds it). */
export function AssinaturaPage() {
  return <p>Em construção.</p>;
}
