/**
 * The catalogue of uploaded-file types a notary asks for in a sale or a
 * succession, with their French titles (spec section 2, Documents tab). The
 * code is what `docFileType` carries and what a drawer's `doc_type` holds.
 */
export const FILE_TYPES = {
  // Identité et état civil
  identity_card: "Carte nationale d'identité",
  passport: 'Passeport',
  residence_permit: 'Titre de séjour',
  family_booklet: 'Livret de famille',
  birth_certificate: 'Acte de naissance',
  marriage_certificate: 'Acte de mariage',
  death_certificate: 'Acte de décès',
  marriage_contract: 'Contrat de mariage',
  pacs_agreement: 'Convention de PACS',
  divorce_judgment: 'Jugement de divorce',
  guardianship_judgment: 'Jugement de tutelle ou de curatelle',
  proof_of_address: 'Justificatif de domicile',
  tax_notice: "Avis d'imposition",
  rib: "Relevé d'identité bancaire (RIB)",
  power_of_attorney: 'Procuration',
  company_kbis: 'Extrait Kbis de la société',
  company_statutes: 'Statuts de la société',
  shareholders_decision: "Décision d'assemblée autorisant l'opération",
  // Propriété et titre
  property_title: 'Titre de propriété',
  previous_deed: "Acte d'acquisition antérieur",
  land_registry_extract: 'Extrait cadastral',
  cadastral_plan: 'Plan cadastral',
  property_tax_notice: 'Avis de taxe foncière',
  housing_tax_notice: "Avis de taxe d'habitation",
  donation_deed: 'Acte de donation',
  partition_deed: 'Acte de partage',
  attestation_of_ownership: 'Attestation de propriété immobilière',
  boundary_survey: 'Procès-verbal de bornage',
  survey_plan: 'Plan de géomètre',
  division_document: 'Document modificatif du parcellaire cadastral',
  easement_deed: 'Acte constitutif de servitude',
  // Copropriété
  syndic_statement: 'État daté du syndic',
  condominium_rules: 'Règlement de copropriété',
  division_statement: 'État descriptif de division',
  general_meeting_minutes: 'Procès-verbaux des assemblées générales (3 dernières années)',
  condominium_charges: 'Appels de charges de copropriété',
  carnet_entretien: "Carnet d'entretien de l'immeuble",
  pre_statement: 'Pré-état daté',
  fiche_synthetique: 'Fiche synthétique de la copropriété',
  works_fund_statement: 'Relevé du fonds de travaux',
  carrez_certificate: 'Attestation de superficie (loi Carrez)',
  // Diagnostics techniques
  dpe: 'Diagnostic de performance énergétique (DPE)',
  energy_audit: 'Audit énergétique',
  asbestos_report: 'Constat de repérage amiante',
  lead_report: "Constat de risque d'exposition au plomb (CREP)",
  termites_report: 'État relatif à la présence de termites',
  gas_report: "État de l'installation intérieure de gaz",
  electricity_report: "État de l'installation intérieure d'électricité",
  sanitation_report: "Diagnostic de l'assainissement non collectif",
  sewer_connection_report: "Contrôle du raccordement au tout-à-l'égout",
  natural_risks_statement: 'État des risques et pollutions (ERP)',
  merule_report: 'Information sur la présence de mérule',
  noise_exposure_plan: "Diagnostic bruit (plan d'exposition au bruit)",
  pool_safety_certificate: 'Attestation de conformité de la piscine',
  boiler_maintenance: "Attestation d'entretien de la chaudière",
  chimney_sweep: 'Certificat de ramonage',
  septic_tank_emptying: 'Justificatif de vidange de la fosse septique',
  // Urbanisme et travaux
  building_permit: 'Permis de construire',
  prior_declaration: 'Déclaration préalable de travaux',
  completion_declaration: "Déclaration attestant l'achèvement et la conformité des travaux (DAACT)",
  certificate_of_conformity: 'Certificat de non-contestation de la conformité',
  urban_planning_certificate: "Certificat d'urbanisme",
  zoning_certificate: "Note de renseignements d'urbanisme",
  allotment_documents: 'Documents du lotissement (cahier des charges, règlement)',
  allotment_permit: "Permis d'aménager",
  ten_year_insurance: "Attestation d'assurance dommages-ouvrage",
  decennial_insurance: "Attestation d'assurance décennale des entreprises",
  works_invoices: 'Factures des travaux réalisés',
  plans: 'Plans du bien',
  network_connection: 'Justificatif de viabilisation (eau, électricité, réseaux)',
  soil_study: 'Étude de sol (loi ELAN)',
  // Prêts, fiscalité, contrats
  loan_offer: 'Offre de prêt',
  loan_amortization: "Tableau d'amortissement du prêt",
  mortgage_release: "Mainlevée d'hypothèque",
  loan_repayment_statement: 'Décompte de remboursement anticipé',
  bank_funding_certificate: 'Attestation de financement',
  capital_gains_documents: 'Justificatifs pour le calcul de la plus-value',
  tax_benefit_documents: "Justificatifs d'avantage fiscal (Pinel, Scellier, Robien...)",
  vat_documents: 'Justificatifs de TVA',
  land_deficit_documents: 'Justificatifs de déficit foncier',
  lease_agreement: 'Bail en cours',
  tenant_notice: 'Congé délivré au locataire',
  rent_receipts: 'Quittances de loyer',
  security_deposit: 'Justificatif du dépôt de garantie',
  alarm_contract: "Contrat d'alarme",
  billboard_contract: "Contrat d'affichage publicitaire",
  solar_panel_contract: 'Contrat de panneaux photovoltaïques',
  maintenance_contracts: "Contrats d'entretien en cours",
  home_insurance: "Attestation d'assurance habitation",
  insurance_claim: 'Dossier de sinistre indemnisé',
  rural_lease: 'Bail rural',
  safer_notice: 'Notification à la SAFER',
  preemption_waiver: 'Renonciation au droit de préemption',
  sale_agreement: 'Compromis ou promesse de vente',
  mandate: "Mandat de l'agence immobilière",
  agency_fee_invoice: "Facture d'honoraires de l'intermédiaire",
  // Succession et patrimoine
  will: 'Testament',
  donation_between_spouses: 'Donation entre époux',
  life_insurance_contracts: "Contrats d'assurance-vie",
  bank_balances_at_death: 'Soldes des comptes au jour du décès',
  securities_portfolio: 'Relevé de portefeuille de titres',
  vehicle_registration: "Certificat d'immatriculation du véhicule",
  funeral_invoice: 'Facture des frais funéraires',
  debts_statement: 'Justificatifs des dettes du défunt',
  last_tax_return: 'Dernière déclaration de revenus du défunt',
  property_valuation: 'Estimation du bien immobilier',
  furniture_inventory: 'Inventaire du mobilier',
  retirement_pension_statement: 'Attestation des caisses de retraite',
  succession_declaration: 'Déclaration de succession antérieure',
  heirship_certificate: 'Acte de notoriété',
  wealth_statement: 'Relevé de patrimoine',
  company_shares_valuation: 'Évaluation des parts sociales',
  other: 'Autre document',
} as const;

export type FileTypeCode = keyof typeof FILE_TYPES;

export const UNKNOWN_FILE_TYPE_TITLE = 'Type de fichier non défini';

export function isFileTypeCode(code: string): code is FileTypeCode {
  return Object.hasOwn(FILE_TYPES, code);
}

export function fileTypeTitle(code: string): string {
  return isFileTypeCode(code) ? FILE_TYPES[code] : UNKNOWN_FILE_TYPE_TITLE;
}

/** Stored file names carry a 9-character prefix (8 random characters and "_") hidden in display. */
export const STORED_NAME_PREFIX_LENGTH = 9;

export function displayFileName(storedName: string): string {
  return storedName.length > STORED_NAME_PREFIX_LENGTH ? storedName.slice(STORED_NAME_PREFIX_LENGTH) : storedName;
}
