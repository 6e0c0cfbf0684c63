import { createTheme } from '@mui/material/styles';

/** System fonts only (no web-font download); the CJK fallbacks render Chinese well on every platform. */
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  'sans-serif',
].join(',');

export const theme = createTheme({
  palette: {
    primary: { main: '#0d47a1' },
    secondary: { main: '#ffca28' },
    background: { default: '#f4f6fa' },
  },
  typography: { fontFamily: FONT_STACK },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
