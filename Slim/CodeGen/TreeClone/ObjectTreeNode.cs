using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen.TreeClone;

/// <summary>
/// An ordinary class in a depth-first clone: its codec's shallow copy (plain data and strings copied, [NonSerialized]
/// fields left default, as a round trip leaves them), then a compiled fill that sets each reference field to the
/// clone of the source's, through the node of the field's declared type.
/// </summary>
internal sealed class ObjectTreeNode : TreeCloneNode
{
    private static readonly MethodInfo s_cloneTreeChild = typeof(CloneSession).GetMethod(nameof(CloneSession.CloneTreeChild))!;
    private static readonly MethodInfo s_as = new Func<object?, object?>(Unsafe.As<object>).Method.GetGenericMethodDefinition();

    private readonly Func<object, object> _shell;
    private readonly FieldInfo[] _references;
    private Action<object, object, CloneSession, int, TreeCloneNode[]>? _fill;
    private TreeCloneNode[] _children = [];

    /// <summary>A node for <paramref name="type"/>, whose codec makes <paramref name="shell"/> and whose <paramref name="references"/> need cloning.</summary>
    public ObjectTreeNode(Type type, Func<object, object> shell, FieldInfo[] references) : base(type)
    {
        _shell = shell;
        _references = references;
        HasChildren = references.Length != 0;
    }

    public override object Shell(object source, CloneSession session) => _shell(source);

    public override void Fill(object source, object clone, CloneSession session, int depth) => _fill!(source, clone, session, depth, _children);

    public override void Build(TreeClonePlans plans)
    {
        _children = [.. _references.Select(field => plans.NodeFor(field.FieldType))];
        _fill = BuildFill().Compile();
    }

    /// <summary>
    /// <c>(source, target, session, depth, children) => { var s = (T)source; var t = (T)target;
    /// t.f1 = (F1)session.CloneTreeChild(s.f1, children[0], depth); ... }</c>. The child nodes come in as an array rather
    /// than as constants: a compiled tree fetches each constant from its closure with a cast check.
    /// </summary>
    internal Expression<Action<object, object, CloneSession, int, TreeCloneNode[]>> BuildFill()
    {
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression target = Expression.Parameter(typeof(object), "target");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        ParameterExpression depth = Expression.Parameter(typeof(int), "depth");
        ParameterExpression children = Expression.Parameter(typeof(TreeCloneNode[]), "children");
        ParameterExpression s = Expression.Variable(Type, "s");
        ParameterExpression t = Expression.Variable(Type, "t");
        var body = new List<Expression>
        {
            Expression.Assign(s, As(source, Type)),
            Expression.Assign(t, As(target, Type)),
        };
        for (int i = 0; i < _references.Length; i++)
        {
            FieldInfo field = _references[i];
            Expression child = Expression.Call(session, s_cloneTreeChild,
                Expression.Convert(Expression.Field(s, field), typeof(object)),
                Expression.ArrayIndex(children, Expression.Constant(i)),
                depth);
            body.Add(FieldSetters.Assign(t, field, As(child, field.FieldType)));
        }
        body.Add(Expression.Empty());
        return Expression.Lambda<Action<object, object, CloneSession, int, TreeCloneNode[]>>(Expression.Block([s, t], body),
            $"TreeClone_{Type.Name}", [source, target, session, depth, children]);
    }

    /// <summary>
    /// A reference as <paramref name="type"/> without a cast check: the session hands a fill only objects of the
    /// node's exact type, and a child's clone has the exact type the child node checked.
    /// </summary>
    private static Expression As(Expression value, Type type) => Expression.Call(s_as.MakeGenericMethod(type), value);
}
