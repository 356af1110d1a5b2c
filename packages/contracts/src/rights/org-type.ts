// No zod here: the register page names the organisation types without the rights schemas (issue 35).

/** Values of dictionary rights_org_type (机构类型). */
export const RightsOrgType = { agency: '1', lawFirm: '2', ipService: '3', brandStation: '4', holder: '5' } as const;
