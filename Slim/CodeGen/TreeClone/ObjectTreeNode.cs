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
    private static readonly PropertyInfo s_children = typeof(TreeCloneNode).GetProperty(nameof(Children))!;

    private readonly FieldInfo[] _references;

    /// <summary>A node for <paramref name="type"/>, whose codec makes <paramref name="shell"/> and whose <paramref name="references"/> need cloning.</summary>
    public ObjectTreeNode(Type type, Func<object, object> shell, FieldInfo[] references) : base(type)
    {
        Shell = shell;
        _references = references;
    }

    public override void Build(TreeClonePlans plans)
    {
        Children = [.. _references.Select(field => plans.NodeFor(field.FieldType))];
        Fill = _references.Length == 0 ? null : BuildFill().Compile();
    }

    /// <summary>
    /// <c>(node, source, target, session, depth) => { var s = (T)source; var t = (T)target;
    /// t.f1 = (F1)session.CloneTreeChild(s.f1, node.Children[0], depth); ... }</c>. The child nodes come from the node
    /// rather than from constants: a compiled tree fetches each constant from its closure with a cast check.
    /// </summary>
    internal Expression<TreeFill> BuildFill()
    {
        ParameterExpression node = Expression.Parameter(typeof(TreeCloneNode), "node");
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression target = Expression.Parameter(typeof(object), "target");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        ParameterExpression depth = Expression.Parameter(typeof(int), "depth");
        ParameterExpression children = Expression.Variable(typeof(TreeCloneNode[]), "children");
        ParameterExpression s = Expression.Variable(Type, "s");
        ParameterExpression t = Expression.Variable(Type, "t");
        var body = new List<Expression>
        {
            Expression.Assign(s, As(source, Type)),
            Expression.Assign(t, As(target, Type)),
            Expression.Assign(children, Expression.Property(node, s_children)),
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
        return Expression.Lambda<TreeFill>(Expression.Block([s, t, children], body), $"TreeClone_{Type.Name}", [node, source, target, session, depth]);
    }

    /// <summary>
    /// A reference as <paramref name="type"/> without a cast check: the session hands a fill only objects of the
    /// node's exact type, and a child's clone has the exact type the child node checked.
    /// </summary>
    private static Expression As(Expression value, Type type) => Expression.Call(s_as.MakeGenericMethod(type), value);
}
