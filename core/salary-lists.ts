// The salary groups' filters (decision 1425): the pay areas London's boroughs fall in and the
// phases a submission's role or school type says. The API validates against them, the web app's
// selects list them.

export const SALARY_AREAS = ['Inner London', 'Outer London'] as const;
export const SALARY_PHASES = ['Primary', 'Secondary', 'Special'] as const;
