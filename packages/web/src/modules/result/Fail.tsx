import { ResultPage } from './ResultPage.tsx';

/** `/result/fail` and the menu component `result/Error`. */
export function Fail() {
  return <ResultPage status="error" title="提交失败" subTitle="请核对并修改信息后，再重新提交。" />;
}
