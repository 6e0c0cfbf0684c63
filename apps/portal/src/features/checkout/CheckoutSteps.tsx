import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

const STEPS = ['details', 'method', 'confirm'] as const;
export type CheckoutStep = (typeof STEPS)[number];

/** Where the payer is in checkout: details, payment method (and bank), confirmation. */
export function CheckoutSteps({ active }: { active: CheckoutStep }) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={STEPS.indexOf(active)} alternativeLabel aria-label={t('checkout.steps')}>
      {STEPS.map((step) => (
        <Step key={step}>
          <StepLabel>{t(`checkout.step_${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
