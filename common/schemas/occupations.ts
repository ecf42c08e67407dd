// Occupation codes of docs/product.md §3, the registration form's Pekerjaan.
export const OCCUPATIONS: ReadonlyArray<readonly [code: string, label: string]> = [
  ['00', 'ASN Kemenkes'],
  ['01', 'PNS'],
  ['02', 'Swasta'],
  ['03', 'Wiraswasta'],
  ['04', 'Tdk Kerja'],
  ['05', 'Pelajar/Mahasiswa'],
  ['06', 'IRT'],
  ['07', 'Pensiunan'],
  ['08', 'TNI'],
  ['09', 'POLRI'],
  ['10', 'Purnawirawan'],
  ['11', 'Petani'],
  ['12', 'Buruh'],
];
