import { ResultPage } from './ResultPage.tsx';

/** `/result/success` and the menu component `result/Success`. */
export function Success() {
  return <ResultPage status="success" title="提交成功" subTitle="您的操作已完成，处理结果已保存。" />;
}
