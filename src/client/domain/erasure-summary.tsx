import { KEPT } from '../../shared/anonymise.schemas';

/** What an erasure removes and what the law makes the school keep (the dialogs and the answer agree). */
export function ErasureSummary({ erased }: { erased: string[] }) {
  return (
    <>
      <section aria-labelledby="anon-apagado">
        <h3 id="anon-apagado" className="font-semibold text-gray-900">
          Será apagado
        </h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {erased.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="anon-mantido">
        <h3 id="anon-mantido" className="font-semibold text-gray-900">
          Será mantido, como a lei exige
        </h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {KEPT.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
