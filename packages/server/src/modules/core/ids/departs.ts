/**
 * The association's own departments, seeded at first start (seed.ts) and named by the code that files an
 * enrolled organisation under 入驻服务机构 or 会员企业: ids the code needs, so they live here and not in the seed.
 */
export const SYSTEM_DEPARTS: { id: string; parentId: string; name: string; orgCode: string; category: string; order: number }[] = [
  { id: 'd0000000000000000000000000000a01', parentId: '', name: '商标协会', orgCode: 'A01', category: '1', order: 0 },
  { id: 'd000000000000000000000000000a101', parentId: 'd0000000000000000000000000000a01', name: '办公室', orgCode: 'A01A01', category: '2', order: 1 },
  { id: 'd000000000000000000000000000a102', parentId: 'd0000000000000000000000000000a01', name: '维权工作部', orgCode: 'A01A02', category: '2', order: 2 },
  { id: 'd000000000000000000000000000a103', parentId: 'd0000000000000000000000000000a01', name: '财务部', orgCode: 'A01A03', category: '2', order: 3 },
  { id: 'd000000000000000000000000000a104', parentId: 'd0000000000000000000000000000a01', name: '信息中心', orgCode: 'A01A04', category: '2', order: 4 },
  { id: 'd0000000000000000000000000000a02', parentId: '', name: '入驻服务机构', orgCode: 'A02', category: '1', order: 1 },
  { id: 'd0000000000000000000000000000a03', parentId: '', name: '会员企业', orgCode: 'A03', category: '1', order: 2 },
];
export const DepartId = {
  association: SYSTEM_DEPARTS[0].id,
  rightsDept: SYSTEM_DEPARTS[2].id,
  financeDept: SYSTEM_DEPARTS[3].id,
  itCentre: SYSTEM_DEPARTS[4].id,
  agencies: SYSTEM_DEPARTS[5].id,
  members: SYSTEM_DEPARTS[6].id,
};
