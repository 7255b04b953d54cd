using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Cloning;

/// <summary>
/// Hand-written deep copies of the clone workloads' models. The company copy keeps the sharing structure (one
/// copy per employee, office and department) with identity maps, as any correct graph clone must.
/// </summary>
public static class HandCloner
{
    /// <summary>Deep-copies a <see cref="Perzon"/>, <see cref="Company"/> or <see cref="Question"/>.</summary>
    public static object Clone(object root) => root switch
    {
        Perzon p => Clone(p),
        Company c => Clone(c),
        Question q => Clone(q),
        _ => throw new NotSupportedException($"No hand-written clone for {root.GetType()}."),
    };

    /// <summary>Deep-copies a Perzon and its parent chain.</summary>
    public static Perzon Clone(Perzon p) => new()
    {
        FirstName = p.FirstName,
        MiddleName = p.MiddleName,
        LastName = p.LastName,
        Parent = p.Parent is null ? null : Clone(p.Parent),
        Age1 = p.Age1,
        Age2 = p.Age2,
        Age3 = p.Age3,
        Age4 = p.Age4,
        Salary1 = p.Salary1,
        Salary2 = p.Salary2,
        ID1 = p.ID1,
        ID2 = p.ID2,
        ID3 = p.ID3,
        Names1 = p.Names1 is null ? null : [.. p.Names1],
        Names2 = p.Names2 is null ? null : [.. p.Names2],
        O1 = p.O1,
        O2 = p.O2,
        O3 = p.O3,
        O4 = p.O4,
        O5 = p.O5,
    };

    /// <summary>Deep-copies a question tree.</summary>
    public static Question Clone(Question q) => new()
    {
        Id = q.Id,
        Title = q.Title,
        Body = q.Body,
        Owner = Clone(q.Owner),
        CreatedAt = q.CreatedAt,
        ClosedAt = q.ClosedAt,
        Score = q.Score,
        ViewCount = q.ViewCount,
        IsAnswered = q.IsAnswered,
        AcceptedAnswerId = q.AcceptedAnswerId,
        Tags = q.Tags is null ? null : [.. q.Tags],
        Answers = q.Answers?.ConvertAll(a => new Answer
        {
            Id = a.Id,
            Owner = Clone(a.Owner),
            Body = a.Body,
            Score = a.Score,
            IsAccepted = a.IsAccepted,
            CreatedAt = a.CreatedAt,
            Comments = a.Comments?.ConvertAll(Clone),
        }),
        Comments = q.Comments?.ConvertAll(Clone),
    };

    private static Comment Clone(Comment c) => new()
    {
        Id = c.Id,
        Owner = Clone(c.Owner),
        Body = c.Body,
        Score = c.Score,
        CreatedAt = c.CreatedAt,
    };

    private static User? Clone(User? u) => u is null ? null : new User
    {
        Id = u.Id,
        DisplayName = u.DisplayName,
        Reputation = u.Reputation,
        ProfileUrl = u.ProfileUrl,
        BadgeCounts = u.BadgeCounts is null ? null : [.. u.BadgeCounts],
    };

    /// <summary>Deep-copies the company graph, keeping every shared reference and cycle.</summary>
    public static Company Clone(Company c) => new CompanyCloner().Clone(c);

    private sealed class CompanyCloner
    {
        private readonly Dictionary<Employee, Employee> _employees = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<Address, Address> _addresses = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<Department, Department> _departments = new(ReferenceEqualityComparer.Instance);
        private Company? _copy;

        public Company Clone(Company c)
        {
            _copy = new Company { Name = c.Name, Founded = c.Founded, Tags = c.Tags is null ? null : [.. c.Tags] };
            // Shells first, so back-pointers and cycles can point at them; fields second.
            if (c.Departments is not null)
            {
                _copy.Departments = Array.ConvertAll(c.Departments, Map);
                foreach (Department d in c.Departments)
                {
                    foreach (Employee e in d.Employees ?? [])
                    {
                        Fill(e);
                    }
                }
            }
            _copy.Projects = c.Projects?.ConvertAll(p => new Project
            {
                Id = p.Id,
                Name = p.Name,
                Lead = Map(p.Lead),
                Members = p.Members?.ConvertAll(m => Map(m)!),
                Milestones = p.Milestones is null ? null : new Dictionary<string, DateTime>(p.Milestones),
                Budget = p.Budget,
            });
            if (c.EmployeesById is not null)
            {
                _copy.EmployeesById = new Dictionary<int, Employee>(c.EmployeesById.Count);
                foreach (KeyValuePair<int, Employee> entry in c.EmployeesById)
                {
                    _copy.EmployeesById.Add(entry.Key, Map(entry.Value)!);
                }
            }
            return _copy;
        }

        private Department Map(Department d)
        {
            if (_departments.TryGetValue(d, out Department? copy))
            {
                return copy;
            }
            copy = new Department { Id = d.Id, Name = d.Name, Company = _copy, Office = Map(d.Office), Budget = d.Budget };
            _departments.Add(d, copy);
            copy.Employees = d.Employees?.ConvertAll(e => Map(e)!);
            copy.Head = Map(d.Head);
            return copy;
        }

        private Employee? Map(Employee? e)
        {
            if (e is null)
            {
                return null;
            }
            if (!_employees.TryGetValue(e, out Employee? copy))
            {
                copy = new Employee();
                _employees.Add(e, copy);
            }
            return copy;
        }

        private Address? Map(Address? a)
        {
            if (a is null)
            {
                return null;
            }
            if (!_addresses.TryGetValue(a, out Address? copy))
            {
                copy = new Address { Street = a.Street, City = a.City, Zip = a.Zip, Latitude = a.Latitude, Longitude = a.Longitude };
                _addresses.Add(a, copy);
            }
            return copy;
        }

        private void Fill(Employee e)
        {
            Employee copy = Map(e)!;
            copy.Id = e.Id;
            copy.FirstName = e.FirstName;
            copy.LastName = e.LastName;
            copy.Email = e.Email;
            copy.Department = e.Department is null ? null : Map(e.Department);
            copy.Manager = Map(e.Manager);
            copy.DirectReports = e.DirectReports?.ConvertAll(r => Map(r)!);
            copy.Peers = e.Peers is null ? null : Array.ConvertAll(e.Peers, p => Map(p)!);
            copy.Office = Map(e.Office);
            copy.Home = Map(e.Home);
            copy.Scores = e.Scores is null ? null : [.. e.Scores];
            copy.Skills = e.Skills is null ? null : [.. e.Skills];
            copy.Salary = e.Salary;
            copy.HiredOn = e.HiredOn;
            copy.IsActive = e.IsActive;
        }
    }
}
