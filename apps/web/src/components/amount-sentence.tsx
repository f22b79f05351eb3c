import { Trans } from 'react-i18next';

const components = { money: <span className="money" /> };

interface AmountSentenceProps {
  /** The catalogue (namespace) and key of the sentence; its amounts are marked `<money>{{price}}</money>`. */
  ns: string;
  i18nKey: string;
  /** The values of the sentence, amounts already formatted in the page language. */
  values: Record<string, string>;
}

/** A translated sentence whose amounts keep the `.money` style: figures of one width, never broken apart. */
export function AmountSentence({ ns, i18nKey, values }: AmountSentenceProps) {
  return <Trans ns={ns} i18nKey={i18nKey} values={values} components={components} />;
}
