import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ValidityChoice } from '../../../renderer/features/cashier/ValidityChoice';
import { useApp } from '../../../renderer/stores/app-store';
import { sampleAppInfo } from '../../helpers/app-info';
import { capabilitiesOf } from '../../../shared/psp-capabilities';

// `Com vencimento` is offered only where the PSP has a due-date charge (the API Pix `cobv`): a
// shop on the PSP family would otherwise fill five fields and be refused on `Cobrar`.
afterEach(cleanup);

const choices = () =>
  screen.getAllByRole('option').map((o) => (o as HTMLOptionElement).textContent);

describe('Validade: the choices follow the PSP in use', () => {
  it('the PSP family: counter and longer validities, no `Com vencimento`', () => {
    useApp.setState({
      info: { ...sampleAppInfo('browser'), pspOffers: capabilitiesOf('family') },
    });
    render(<ValidityChoice value="" onChange={() => {}} />);
    expect(choices()).toContain('24 horas');
    expect(choices()).not.toContain('Com vencimento');
  });

  it('an API Pix bank: `Com vencimento` is there', () => {
    useApp.setState({
      info: { ...sampleAppInfo('browser'), pspOffers: capabilitiesOf('api-pix') },
    });
    render(<ValidityChoice value="" onChange={() => {}} />);
    expect(choices()).toContain('Com vencimento');
  });
});
