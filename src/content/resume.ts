/** Dates are ISO year-month strings (YYYY-MM). No `end` and no `ongoing`: a single event. */
export interface ResumeEntry {
  title: string;
  organisation: string;
  place?: string;
  start: string;
  end?: string;
  ongoing?: boolean;
  summary: string;
}

export interface ResumeSection {
  id: string;
  title: 'Academic Contributions' | 'Education' | 'Work Experience';
  entries: readonly ResumeEntry[];
}

export const resumeIntro =
  'I am a master’s student in informatics at NTNU who builds for the web: accessible interfaces, interactive explanations and the small tools that make a lab session or an exam week go better. Below is what I have studied, taught and worked on, newest first.';

export const resume: readonly ResumeSection[] = [
  {
    id: 'academic',
    title: 'Academic Contributions',
    entries: [
      {
        title: 'Bachelor thesis: Honest answers from course material',
        organisation: 'NTNU, Department of Computer Science',
        start: '2025-01',
        end: '2025-06',
        summary:
          'With two fellow students, evaluated retrieval-augmented assistants on 60 questions from old exams, and measured how often they declined questions outside the curriculum. Grade A.',
      },
      {
        title: 'Exercise set on Web Workers and performance',
        organisation: 'IT2810 Web Development, NTNU',
        start: '2024-10',
        summary:
          'Wrote a graded exercise where students move a heavy simulation off the main thread and measure the difference. Used by about 350 students.',
      },
      {
        title: 'Talk: Why 31% of the prisoners go free',
        organisation: 'Student tech evening, Gløshaugen',
        start: '2024-03',
        summary:
          'A 20-minute live-coded talk on the 100 prisoners puzzle, which became the simulation on this site.',
      },
    ],
  },
  {
    id: 'education',
    title: 'Education',
    entries: [
      {
        title: 'Master’s degree, Informatics',
        organisation: 'NTNU, Norwegian University of Science and Technology',
        place: 'Trondheim',
        start: '2025-08',
        ongoing: true,
        summary:
          'Specialising in software and interaction design. Courses in advanced web technology, human–computer interaction and algorithm engineering.',
      },
      {
        title: 'Bachelor’s degree, Informatics',
        organisation: 'NTNU, Norwegian University of Science and Technology',
        place: 'Trondheim',
        start: '2022-08',
        end: '2025-06',
        summary:
          'Programming, algorithms and data structures, databases, web development and software engineering. Student representative for my class in 2023–2024.',
      },
      {
        title: 'Upper secondary school, natural sciences',
        organisation: 'Bergen katedralskole',
        place: 'Bergen',
        start: '2019-08',
        end: '2022-06',
        summary: 'Mathematics R2 and physics 2. First website: a timetable for the school choir.',
      },
    ],
  },
  {
    id: 'work',
    title: 'Work Experience',
    entries: [
      {
        title: 'Summer intern, front-end development',
        organisation: 'Fjordlys Digital',
        place: 'Trondheim',
        start: '2026-06',
        end: '2026-08',
        summary:
          'Rebuilt the booking flow of a public-sector client in React and TypeScript, fixing 40 accessibility issues found in a WCAG 2.2 audit along the way.',
      },
      {
        title: 'Student assistant, IT2810 Web Development',
        organisation: 'NTNU',
        place: 'Trondheim',
        start: '2024-08',
        end: '2025-06',
        summary:
          'Led a weekly group of 30 students, reviewed project code and ran sessions on testing and accessibility.',
      },
      {
        title: 'Student assistant, introductory programming',
        organisation: 'NTNU',
        place: 'Trondheim',
        start: '2023-08',
        end: '2024-06',
        summary:
          'Helped students in Python lab sessions and built the lab queue, NTNU PPL, that the course still uses.',
      },
    ],
  },
];
