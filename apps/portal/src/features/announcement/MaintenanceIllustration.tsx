import Box from '@mui/material/Box';

/** A small inline illustration (no network request) of a council building under maintenance. */
export function MaintenanceIllustration({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Box
        component="svg"
        viewBox="0 0 240 160"
        role="img"
        aria-label={label}
        sx={{ width: '100%', maxWidth: 280, height: 'auto', display: 'block' }}
      >
        <rect x="0" y="136" width="240" height="8" rx="4" fill="#cfd8dc" />
        <path d="M40 64 120 22l80 42v8H40z" fill="#0d47a1" />
        <rect x="52" y="72" width="136" height="64" fill="#e3eaf5" />
        <path d="M64 80h14v56H64zm36 0h14v56h-14zm36 0h14v56h-14zm36 0h10v56h-10z" fill="#90a4c8" />
        <g transform="translate(150 88)">
          <path d="M0 48 24 0l24 48z" fill="#ffca28" stroke="#5d4037" strokeWidth="3" strokeLinejoin="round" />
          <rect x="21.5" y="16" width="5" height="16" rx="2" fill="#5d4037" />
          <circle cx="24" cy="39" r="3" fill="#5d4037" />
        </g>
        <g transform="rotate(-35 70 40)">
          <rect x="58" y="34" width="40" height="8" rx="3" fill="#78909c" />
          <circle cx="56" cy="38" r="10" fill="none" stroke="#78909c" strokeWidth="6" />
        </g>
      </Box>
    </Box>
  );
}
