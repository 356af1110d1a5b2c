import { describe, expect, it } from 'vitest';
import { popupConfigError, popupSelectionError, popupValues } from './popupConfig.ts';

describe('JPopup configuration (spec §5 Popup config)', () => {
  it('code, orgFields and destFields are all required: popup参数未正确配置!', () => {
    expect(popupConfigError({ orgFields: 'id', destFields: 'x' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ code: 'c', orgFields: '', destFields: 'x' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ code: 'c', orgFields: 'id' })).toBe('popup参数未正确配置!');
  });
  it('counts must match, word for word', () => {
    expect(popupConfigError({ code: 'c', orgFields: 'id,name', destFields: 'x' })).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(popupConfigError({ code: 'c', orgFields: 'id, name', destFields: 'x,y' })).toBeNull();
  });
  it('submit needs at least one row, only one when not multi: 请选择一条记录', () => {
    expect(popupSelectionError(0, true)).toBe('请选择一条记录');
    expect(popupSelectionError(2, false)).toBe('请选择一条记录');
    expect(popupSelectionError(2, true)).toBeNull();
  });
  it('OK maps origin fields to destination fields, comma-joined over the chosen rows', () => {
    expect(
      popupValues(
        [
          { id: 'a', name: '甲' },
          { id: 'b', name: '乙' },
        ],
        'id,name',
        'ids,names',
      ),
    ).toEqual({ ids: 'a,b', names: '甲,乙' });
  });
});
